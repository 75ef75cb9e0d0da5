import { CreateCommentInput } from '../../../domain/comments';

export type CommentCheck =
  | { kind: 'ignored' }
  | { kind: 'invalid'; message: string }
  | { kind: 'ok'; content: string };

/**
 * What to do with the typed text (spec §5): empty or whitespace only is silently ignored; text the
 * schema refuses shows its first message ('Comment too long'); otherwise the trimmed text is sent.
 */
export function checkComment(text: string): CommentCheck {
  if (text.trim() === '') return { kind: 'ignored' };
  const parsed = CreateCommentInput.safeParse({ content: text });
  if (!parsed.success) return { kind: 'invalid', message: parsed.error.issues[0]?.message ?? 'Invalid comment' };
  return { kind: 'ok', content: parsed.data.content };
}
