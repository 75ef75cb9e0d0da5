import { useId, useState } from 'react';
import { LoaderCircle } from 'lucide-react';
import { ADMIN_TEXTS } from '../../../../domain/moderation-values';
import { Button } from '../../../components/ui/button';
import { CountedTextarea } from '../../../components/ui/counted-textarea';

/** A choice the form offers: its button and what it does with the notes. */
export interface DecisionChoice {
  label: string;
  variant?: 'default' | 'outline';
  decide: (notes: string) => void;
  /** Why it waits for notes, when it does (a rejection: the member is told why); it is off until some are written. */
  needsNotes?: string;
}

interface DecisionFormProps {
  choices: DecisionChoice[];
  pending: boolean;
  /** What the choices do, in a sentence under the buttons. */
  explanation?: string;
  /** What the form is about, for screen readers ('Decide the reports of Firewood'). */
  label: string;
}

/** Notes longer than this are refused by the server. */
const NOTES_MAX = 1000;

/** The notes box and the decision's buttons of a pending item (spec §2 Admin): Resolve/Dismiss, Approve/Reject. */
export function DecisionForm({ choices, pending, explanation, label }: DecisionFormProps) {
  const [notes, setNotes] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const explanationId = useId();
  const needsId = useId();
  const written = notes.trim() !== '';
  /** The choice cannot be made yet: it asks for notes and none are written. */
  const waitsForNotes = (choice: DecisionChoice) => choice.needsNotes !== undefined && !written;
  const waiting = choices.find(waitsForNotes)?.needsNotes;
  return (
    <form
      aria-label={label}
      aria-describedby={explanation ? explanationId : undefined}
      className="grid gap-3 border-t pt-4"
      onSubmit={(event) => event.preventDefault()}
    >
      <CountedTextarea label={ADMIN_TEXTS.notesLabel} value={notes} onValueChange={setNotes} max={NOTES_MAX} className="min-h-20" placeholder="What you checked, and why" />
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <Button
            key={choice.label}
            variant={choice.variant ?? 'default'}
            disabled={pending || waitsForNotes(choice)}
            aria-describedby={waitsForNotes(choice) ? needsId : undefined}
            aria-busy={pending && chosen === choice.label}
            onClick={() => {
              setChosen(choice.label);
              choice.decide(notes.trim());
            }}
          >
            {pending && chosen === choice.label && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {choice.label}
          </Button>
        ))}
      </div>
      {waiting && (
        <p id={needsId} className="text-xs text-muted-foreground">
          {waiting}
        </p>
      )}
      {explanation && (
        <p id={explanationId} className="text-xs text-muted-foreground">
          {explanation}
        </p>
      )}
    </form>
  );
}
