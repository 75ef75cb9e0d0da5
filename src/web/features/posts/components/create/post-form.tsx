import { useCallback, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { LoaderCircle } from 'lucide-react';
import type { LatLng } from '../../../../../domain/geo';
import { PostFields, type Post, type PostType } from '../../../../../domain/posts';
import { Button } from '../../../../components/ui/button';
import { ImageDropZone, type SelectedImage } from './image-drop-zone';
import { LocationField } from './location-field';
import { ContactSection, DetailsSection, PlaceSection } from './post-form-sections';

export type PostFormInput = z.input<typeof PostFields>;

const EMPTY: PostFormInput = {
  title: '',
  description: '',
  address: '',
  contact: '',
  phoneNumber: '',
  ownerName: '',
  ownerInitials: '',
  zipCode: '',
  quantity: '',
  seasonalNotes: '',
  region: '',
  latitude: undefined,
  longitude: undefined,
  exactLocation: false,
};

/** Whether any value differs from how the form opened. */
export function changedFrom(initial: PostFormInput, now: PostFormInput): boolean {
  return (Object.keys(initial) as Array<keyof PostFormInput>).some((key) => (now[key] ?? '') !== (initial[key] ?? ''));
}

/** The form's values for an existing post (edit mode). */
export function valuesOf(post: Post): PostFormInput {
  return {
    title: post.title,
    description: post.description,
    address: post.address,
    contact: post.contact ?? '',
    phoneNumber: post.phoneNumber ?? '',
    ownerName: post.ownerName ?? '',
    ownerInitials: post.ownerInitials ?? '',
    zipCode: post.zipCode ?? '',
    quantity: post.quantity ?? '',
    seasonalNotes: post.seasonalNotes ?? '',
    region: post.region ?? '',
    latitude: post.latitude ?? undefined,
    longitude: post.longitude ?? undefined,
    exactLocation: post.exactLocation,
  };
}

interface PostFormProps {
  type: PostType;
  pending: boolean;
  /** Edit mode: the post whose values fill the form, and whose photo shows until removed. */
  post?: Post;
  /** `removeImage` is true when an existing photo was removed and no new one chosen. */
  onSubmit: (fields: PostFields, image: File | null, removeImage: boolean) => void;
  onCancel: () => void;
  /** Given the check of whether anything differs from how the form opened (a value, a photo chosen or removed). */
  registerDirtyCheck?: (check: () => boolean) => void;
}

/** The post form of spec §5, validated with the shared PostFields contract and its messages. */
export function PostForm({ type, pending, post, onSubmit, onCancel, registerDirtyCheck }: PostFormProps) {
  const [initial] = useState(() => (post ? valuesOf(post) : EMPTY));
  const form = useForm<PostFormInput, unknown, PostFields>({
    resolver: zodResolver(PostFields),
    defaultValues: initial,
  });
  const [image, setImage] = useState<SelectedImage | null>(null);
  const [existingUrl, setExistingUrl] = useState(post ? (post.imageUrl ?? post.thumbnailUrl) : null);
  const [lat, lng, exact] = useWatch({
    control: form.control,
    name: ['latitude', 'longitude', 'exactLocation'],
  });
  const point = typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
  const { setValue } = form;
  // Asked when the dialog is closing: the values as they are at that moment (react-hook-form keeps
  // them as each key is typed, before any render), the photo as of the last render.
  const photoChanged = image !== null || Boolean(post && !existingUrl && (post.imageUrl ?? post.thumbnailUrl));
  const { getValues } = form;
  useEffect(() => registerDirtyCheck?.(() => photoChanged || changedFrom(initial, getValues())));

  const setPoint = useCallback(
    (next: LatLng | null) => {
      setValue('latitude', next ? Number(next.lat.toFixed(6)) : undefined, { shouldDirty: true });
      setValue('longitude', next ? Number(next.lng.toFixed(6)) : undefined, { shouldDirty: true });
    },
    [setValue],
  );

  return (
    <form
      onSubmit={form.handleSubmit((fields) =>
        onSubmit(fields, image?.file ?? null, Boolean(post && !existingUrl && !image)),
      )}
      noValidate
      className="grid gap-5"
    >
      <ImageDropZone
        value={image}
        onChange={setImage}
        disabled={pending}
        existingUrl={existingUrl}
        onRemoveExisting={() => setExistingUrl(null)}
      />
      <DetailsSection form={form} type={type} />
      <PlaceSection form={form} />
      <LocationField
        value={point}
        onChange={setPoint}
        exact={exact === true}
        onExactChange={(next) => setValue('exactLocation', next)}
        pinColour={type === 'fruit' ? 'fruit' : 'other'}
      />
      <ContactSection form={form} />
      <div className="sticky -bottom-5 -mx-5 flex flex-col-reverse gap-2 border-t bg-card px-5 py-4 sm:-bottom-6 sm:-mx-6 sm:flex-row sm:justify-end sm:px-6">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {pending ? (post ? 'Saving...' : 'Uploading...') : post ? 'Save changes' : 'Share post'}
        </Button>
      </div>
    </form>
  );
}
