// Types of fuzz-requests.mjs, for the TypeScript test that imports it.
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
  signedIn: boolean;
  kind: string;
  /** Whether the path names real records (from `realParams`). */
  realIds: boolean;
}
export interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: string }[];
  body: unknown;
  secured: boolean;
}
export function operationsOf(doc: unknown): Operation[];
export function requestsFor(
  op: Operation,
  options: { count: number; seed: number; token?: string | undefined; realParams?: Record<string, string> },
): FuzzRequest[];
export function checkAnswer(status: number, contentType: string | undefined, text: string): string | undefined;
