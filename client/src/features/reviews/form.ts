// The review form's limits (internal/review's) and how a refused save reads: messages by the
// fields the server names, and one message for the form when no field is to blame.
import type { ApiError } from '../../lib/api';

/** The longest title and text the server takes, in characters. */
export const titleMaxLength = 100;
export const textMaxLength = 2000;

/** The form's fields the server may name in `errors`. */
export type ReviewField = 'rating' | 'title' | 'text';

/** A refused save: messages by field, and the form's own message when no field carries it. */
export interface ReviewFormProblems {
  fields: Partial<Record<ReviewField, string>>;
  message: string;
}

/** Reads a failed save (an ApiError, or anything thrown) into messages by field and for the form. */
export function reviewFormProblems(error: unknown): ReviewFormProblems {
  const failure = (error ?? {}) as Partial<ApiError>;
  const fields: ReviewFormProblems['fields'] = {};
  for (const field of ['rating', 'title', 'text'] as const) {
    const message = failure.errors?.[field];
    if (message) fields[field] = message;
  }
  const named = Object.keys(fields).length > 0;
  const other = Object.entries(failure.errors ?? {}).find(([field]) => !(field in fields))?.[1];
  return {
    fields,
    message: named && !other ? '' : other || failure.message || 'Your review could not be saved. Please try again.',
  };
}
