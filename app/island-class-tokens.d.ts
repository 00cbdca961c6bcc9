/** The classes the browser's code may set: the island entry's, and each island's (vite.config.ts). */
declare module 'virtual:island-class-tokens' {
  const tokens: { entry: string[]; islands: Record<string, string[]> } | null;
  export default tokens;
}
