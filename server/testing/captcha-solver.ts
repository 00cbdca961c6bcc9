import { solveChallenge } from 'altcha-lib/v1';

type Challenge = { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };

/**
 * Solves the app's proof-of-work captcha as a browser would: asks for a challenge, finds the number,
 * and returns the payload a protected form sends as `captcha`. Tests keep CAPTCHA_MAX_NUMBER small.
 */
export async function solvedCaptcha(json: (path: string) => Promise<{ status: number; body: object }>) {
  const { status, body } = await json('/api/v1/captcha/challenge');
  const data = (body as { data?: { provider?: string; challenge?: Challenge } }).data;
  if (status !== 200 || data?.provider !== 'altcha' || !data.challenge)
    throw new Error(`No ALTCHA challenge: ${status}`);
  const { algorithm, challenge, maxnumber, salt, signature } = data.challenge;
  const solution = await solveChallenge(challenge, salt, algorithm, maxnumber).promise;
  if (!solution) throw new Error('Challenge not solvable');
  return Buffer.from(
    JSON.stringify({ algorithm, challenge, number: solution.number, salt, signature }),
  ).toString('base64');
}
