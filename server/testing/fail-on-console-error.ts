import { afterEach, beforeEach, vi } from 'vitest';

// An unexpected console.error in a test hides a real failure, so it fails the test.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0)
    throw new Error(
      `console.error was called:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
});
