import { useRef, useState, type ComponentProps } from 'react';
import { LIMITS } from '../../../../domain/limits';
import { MESSAGE_MESSAGES } from '../../../../domain/message-values';
import { Field } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/textarea';

/**
 * A message being written (spec §5): required, trimmed, at most 500 characters (the textarea
 * stops there). `take()` answers the text to send, or shows 'Please enter a message.' and focuses
 * the field when there is nothing but spaces.
 */
export function useMessageDraft() {
  const [content, setContent] = useState('');
  const [error, setError] = useState<string>();
  const ref = useRef<HTMLTextAreaElement>(null);
  return {
    content,
    error,
    ref,
    change: (next: string) => {
      setContent(next);
      if (next.trim()) setError(undefined);
    },
    take: (): string | null => {
      const text = content.trim();
      if (text) return text;
      setError(MESSAGE_MESSAGES.empty);
      ref.current?.focus();
      return null;
    },
    reset: () => {
      setContent('');
      setError(undefined);
    },
  };
}

type MessageFieldProps = Omit<ComponentProps<typeof Textarea>, 'value' | 'onChange'> & {
  label: string;
  draft: ReturnType<typeof useMessageDraft>;
  /** Classes of the field's frame (label, textarea, counter and message). */
  frameClassName?: string;
};

/** The message's textarea with its label, the live counter 'n/500 characters' and the validation message. */
export function MessageField({ label, draft, frameClassName, ...props }: MessageFieldProps) {
  return (
    <Field
      label={label}
      error={draft.error}
      className={frameClassName}
      hint={
        <span className="block text-right">
          {draft.content.length}/{LIMITS.messageMax} characters
        </span>
      }
    >
      {(control) => (
        <Textarea
          {...control}
          {...props}
          ref={draft.ref}
          value={draft.content}
          onChange={(event) => draft.change(event.target.value)}
          maxLength={LIMITS.messageMax}
          required
        />
      )}
    </Field>
  );
}
