import type { UseFormReturn } from 'react-hook-form';
import { LIMITS } from '../../../../../domain/limits';
import { REGION_LABELS, REGIONS } from '../../../../../domain/post-values';
import type { PostFields, PostType } from '../../../../../domain/posts';
import { Field, FormField, TextareaField } from '../../../../components/ui/form-field';
import { Select } from '../../../../components/ui/select';
import type { PostFormInput } from './post-form';

type SectionProps = { form: UseFormReturn<PostFormInput, unknown, PostFields> };

const EXAMPLES: Record<PostType, { title: string; quantity: string; season: string }> = {
  fruit: {
    title: 'e.g. Ripe apples from our backyard tree',
    quantity: 'e.g. Lots, several bags',
    season: 'e.g. Ripe from late August',
  },
  firewood: {
    title: 'e.g. Split maple, seasoned one year',
    quantity: 'e.g. About half a cord',
    season: 'e.g. Dry, ready for winter',
  },
  skids: {
    title: 'e.g. Six heat-treated pallets',
    quantity: 'e.g. A few, 6 pallets',
    season: 'e.g. Until the end of the month',
  },
};

export function DetailsSection({ form, type }: SectionProps & { type: PostType }) {
  const {
    register,
    formState: { errors },
  } = form;
  const ex = EXAMPLES[type];
  return (
    <div className="grid gap-4">
      <FormField label="Title" placeholder={ex.title} error={errors.title?.message} {...register('title')} />
      <TextareaField
        label="Description"
        placeholder="What is it, what condition, and how to pick it up"
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Quantity (optional)"
          placeholder={ex.quantity}
          error={errors.quantity?.message}
          {...register('quantity')}
        />
        <FormField
          label="Season notes (optional)"
          placeholder={ex.season}
          error={errors.seasonalNotes?.message}
          {...register('seasonalNotes')}
        />
      </div>
    </div>
  );
}

export function PlaceSection({ form }: SectionProps) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        label="Address"
        placeholder="e.g. 12 Maple St, Toronto"
        autoComplete="street-address"
        className="sm:col-span-2"
        hint="Shown on the card. A street and area is enough."
        error={errors.address?.message}
        {...register('address')}
      />
      <FormField
        label="Postal code (optional)"
        autoComplete="postal-code"
        error={errors.zipCode?.message}
        {...register('zipCode')}
      />
      <Field label="Region (optional)" error={errors.region?.message}>
        {(control) => (
          <Select {...control} {...register('region')}>
            <option value="">Choose for me from the map pin</option>
            {REGIONS.map((r) => (
              <option key={r} value={r}>
                {REGION_LABELS[r]}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  );
}

export function ContactSection({ form }: SectionProps) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-medium">How neighbours reach you (optional)</legend>
      <FormField
        label="Your name"
        autoComplete="given-name"
        error={errors.ownerName?.message}
        {...register('ownerName')}
      />
      <FormField
        label="Initials"
        hint={`Up to ${LIMITS.ownerInitialsMax} letters, shown on your avatar.`}
        error={errors.ownerInitials?.message}
        {...register('ownerInitials')}
      />
      <FormField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        hint="Adds Call and Text buttons."
        error={errors.phoneNumber?.message}
        {...register('phoneNumber')}
      />
      <FormField
        label="Other contact"
        placeholder="e.g. Ring the side door"
        error={errors.contact?.message}
        {...register('contact')}
      />
    </fieldset>
  );
}
