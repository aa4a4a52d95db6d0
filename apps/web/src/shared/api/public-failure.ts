import { MESSAGES } from '@registrar/contract/messages';
import { ApiError } from './api-error';

/**
 * What the forgot and reset screens say when a call fails: the server's message when it
 * answered, 'Network error' when nothing answered or anything else was thrown.
 */
export function publicFailureMessage(err: unknown): string {
  if (err instanceof ApiError && !err.isNetworkError) return err.message || MESSAGES.somethingWentWrong;
  return MESSAGES.networkError;
}
