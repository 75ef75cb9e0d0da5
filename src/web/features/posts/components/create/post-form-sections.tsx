import { useId } from 'react';
import { ShieldCheck } from 'lucide-react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { LIMITS } from '../../../../../domain/limits';
import { POST_TEXT_MAX, REGION_LABELS, REGIONS } from '../../../../../domain/post-values';
import type { PostFields, PostType } from '../../../../../domain/posts';
import { BoundField } from '../../../../components/ui/bound-field';
import { Select } from '../../../../components/ui/select';
import { Textarea } from '../../../../components/ui/textarea';
import type { PostFormInput } from './post-form';

type SectionProps = { form: UseFormReturn<PostFormInput, unknown, PostFields> };

/** Placeholders short enough to show whole in the narrowest field (a 320 px phone). */
const EXAMPLES: Record<PostType, { title: string; quantity: string; season: string }> = {
  fruit: {
    title: 'e.g. Ripe backyard apples',
    quantity: 'e.g. Lots, several bags',
    season: 'e.g. Ripe from late August',
  },
  firewood: {
    title: 'e.g. Seasoned split maple',
    quantity: 'e.g. About half a cord',
    season: 'e.g. Dry, ready for winter',
  },
  skids: {
    title: 'e.g. Six heat-treated skids',
    quantity: 'e.g. A few, 6 pallets',
    season: 'e.g. Until month’s end',
  },
};

/**
 * The details. Each field takes no more than the server does (POST_TEXT_MAX), and the description,
 * the one long enough to reach its limit unawares, counts as it is typed (0146).
 */
export function DetailsSection({ form, type }: SectionProps & { type: PostType }) {
  const ex = EXAMPLES[type];
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';
  return (
    <div className="grid gap-4">
      <BoundField form={form} name="title" label="Title" placeholder={ex.title} maxLength={POST_TEXT_MAX.title} />
      <BoundField
        form={form}
        name="description"
        label="Description"
        hint={`${description.length}/${POST_TEXT_MAX.description} characters`}
      >
        {(control) => (
          <Textarea {...control} maxLength={POST_TEXT_MAX.description} placeholder="What is it, what condition, and how to pick it up" />
        )}
      </BoundField>
      <div className="grid gap-4 sm:grid-cols-2">
        <BoundField form={form} name="quantity" label="Quantity (optional)" placeholder={ex.quantity} maxLength={POST_TEXT_MAX.quantity} />
        <BoundField
          form={form}
          name="seasonalNotes"
          label="Season notes (optional)"
          placeholder={ex.season}
          maxLength={POST_TEXT_MAX.seasonalNotes}
        />
      </div>
    </div>
  );
}

export function PlaceSection({ form }: SectionProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <BoundField
        form={form}
        name="address"
        label="Address"
        placeholder="e.g. 12 Maple St, Toronto"
        autoComplete="street-address"
        maxLength={POST_TEXT_MAX.address}
        className="sm:col-span-2"
        hint="Shown on the card. A street and area is enough."
      />
      <BoundField form={form} name="zipCode" label="Postal code (optional)" autoComplete="postal-code" />
      <BoundField form={form} name="region" label="Region (optional)">
        {(control) => (
          <Select {...control}>
            <option value="">Choose for me from the map pin</option>
            {REGIONS.map((r) => (
              <option key={r} value={r}>
                {REGION_LABELS[r]}
              </option>
            ))}
          </Select>
        )}
      </BoundField>
    </div>
  );
}

/** Who sees the contact details (DECISIONS 24), said beside them. */
const CONTACT_PRIVACY_NOTE = 'Only signed-in members see your phone number and contact details; guests see the area.';

export function ContactSection({ form }: SectionProps) {
  const noteId = useId();
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2" aria-describedby={noteId}>
      <legend className="mb-2 text-sm font-medium">How neighbours reach you (optional)</legend>
      <p id={noteId} className="-mt-2 flex gap-1.5 text-xs text-muted-foreground sm:col-span-2">
        <ShieldCheck className="size-4 shrink-0 text-primary" aria-hidden="true" />
        {CONTACT_PRIVACY_NOTE}
      </p>
      <BoundField form={form} name="ownerName" label="Your name" autoComplete="given-name" maxLength={POST_TEXT_MAX.ownerName} />
      <BoundField
        form={form}
        name="ownerInitials"
        label="Initials"
        hint={`Up to ${LIMITS.ownerInitialsMax} letters, shown on your avatar.`}
      />
      <BoundField
        form={form}
        name="phoneNumber"
        label="Phone number"
        type="tel"
        autoComplete="tel"
        maxLength={POST_TEXT_MAX.phoneNumber}
        hint="Adds Call and Text buttons."
      />
      <BoundField form={form} name="contact" label="Other contact" placeholder="e.g. Ring the side door" maxLength={POST_TEXT_MAX.contact} />
    </fieldset>
  );
}
