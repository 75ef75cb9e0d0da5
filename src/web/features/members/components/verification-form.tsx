import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { LoaderCircle } from 'lucide-react';
import { VerifiedType } from '../../../../domain/auth';
import { VERIFIED_BADGES } from '../../../../domain/community-values';
import { VerificationRequestInput } from '../../../../domain/verification';
import { BoundField } from '../../../components/ui/bound-field';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { useRequestVerification } from '../api/verification-requests';

/**
 * A member's request for a badge (spec §3 Verification request, DECISIONS 16): the name to check,
 * the badge (what each checks, spec §6), a phone number an admin can call, a website if any.
 */
export function VerificationForm({ userId, onClose }: { userId: string; onClose: (sent: boolean) => void }) {
  const request = useRequestVerification(userId);
  const form = useForm({
    resolver: zodResolver(VerificationRequestInput),
    defaultValues: { businessName: '', verifiedType: 'individual' as VerifiedType, businessPhone: '', businessWebsite: '' },
  });
  const chosen = useWatch({ control: form.control, name: 'verifiedType' });
  const submit = form.handleSubmit((input) => request.mutate(input, { onSuccess: () => onClose(true) }));

  return (
    <form onSubmit={submit} noValidate aria-label="Request verification" className="grid gap-4 rounded-xl border bg-muted/40 p-4">
      {/* The chosen badge's meaning under it: in the option, it was cut short on a phone (0148). */}
      <BoundField form={form} name="verifiedType" label="Badge" hint={VERIFIED_BADGES[chosen].detail}>
        {(control) => (
          <Select {...control}>
            {VerifiedType.options.map((type) => (
              <option key={type} value={type}>
                {VERIFIED_BADGES[type].label}
              </option>
            ))}
          </Select>
        )}
      </BoundField>
      <BoundField form={form} name="businessName" label="Name or business name" autoComplete="organization" />
      <BoundField
        form={form}
        name="businessPhone"
        label="Phone number"
        type="tel"
        autoComplete="tel"
        hint="An admin calls it to check. It is never shown to others."
      />
      <BoundField form={form} name="businessWebsite" label="Website (optional)" type="url" inputMode="url" autoComplete="url" />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onClose(false)}>
          Cancel
        </Button>
        <Button type="submit" disabled={request.isPending} aria-busy={request.isPending}>
          {request.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          Send request
        </Button>
      </div>
    </form>
  );
}
