import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { ImagePlus, Trash2 } from 'lucide-react';
import { ACCEPTED_IMAGE_NAMES } from '../../../../../domain/limits';
import { Button } from '../../../../components/ui/button';
import { cn } from '../../../../lib/utils';
import { IMAGE_ACCEPT, IMAGE_MAX_MB, imageProblem, pixelProblem, sizeOf, UNREADABLE_IMAGE_MESSAGE } from './image-file';

export interface SelectedImage {
  file: File;
  /** An object URL for the preview. */
  url: string;
}

interface ImageDropZoneProps {
  value: SelectedImage | null;
  onChange: (image: SelectedImage | null) => void;
  disabled?: boolean;
  /** Edit mode: the post's current photo, shown until a new one is chosen or it is removed. */
  existingUrl?: string | null;
  onRemoveExisting?: () => void;
}

/** Spec §5 image: click or drop, one image, a preview and a way to replace or remove it (0147). */
export function ImageDropZone({
  value,
  onChange,
  disabled,
  existingUrl,
  onRemoveExisting,
}: ImageDropZoneProps) {
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The latest choice: a slower check of an earlier file must not replace it, nor one that ends
  // after the form has gone.
  const choice = useRef(0);
  useEffect(
    () => () => {
      choice.current++;
    },
    [],
  );

  // The focused control leaves when the preview comes or goes: focus goes to the one that takes
  // its place (Remove image leaves: the drop zone; the zone's input leaves: Remove image).
  const refocus = useRef<'input' | 'remove' | null>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const target =
      refocus.current === 'input'
        ? input.current
        : refocus.current === 'remove'
          ? removeButton.current
          : null;
    if (!target) return;
    refocus.current = null;
    target.focus();
  });

  const choose = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    const mine = ++choice.current;
    const problem = files.length > 1 ? 'Please choose one image.' : imageProblem(file);
    setError(problem);
    if (problem) return;
    const url = URL.createObjectURL(file);
    const size = await sizeOf(url);
    if (mine !== choice.current) {
      URL.revokeObjectURL(url);
      return;
    }
    const unfit = size ? pixelProblem(size) : UNREADABLE_IMAGE_MESSAGE;
    if (unfit) {
      URL.revokeObjectURL(url);
      setError(unfit);
      if (input.current) input.current.value = '';
      return;
    }
    // Chosen from the keyboard, the focused input leaves with the drop zone: Remove image takes it.
    if (document.activeElement === input.current) refocus.current = 'remove';
    if (value) URL.revokeObjectURL(value.url);
    onChange({ file, url });
  };

  const remove = () => {
    if (value) URL.revokeObjectURL(value.url);
    onChange(null);
    if (input.current) input.current.value = '';
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) void choose(event.dataTransfer.files);
  };
  const dropTarget = {
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop,
  };

  const fileInput = (besidePhoto: boolean) => (
    <input
      ref={input}
      id={inputId}
      type="file"
      accept={IMAGE_ACCEPT}
      // Beside a photo, Replace image opens it: the input itself is out of the way.
      className={besidePhoto ? 'hidden' : 'sr-only'}
      disabled={disabled}
      aria-describedby={error ? errorId : undefined}
      onChange={(e) => void choose(e.target.files)}
    />
  );
  const problem = error && (
    <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
      {error}
    </p>
  );

  const shown = value
    ? { url: value.url, alt: 'Preview of the chosen photo' }
    : existingUrl
      ? { url: existingUrl, alt: 'The current photo' }
      : null;
  if (shown) {
    // Another photo replaces it in one step, chosen or dropped; a refused one leaves it as it was.
    return (
      <div className="grid gap-1.5">
        <div
          {...dropTarget}
          className={cn(
            'overflow-hidden rounded-xl border bg-muted',
            dragging && 'border-primary ring-2 ring-primary',
          )}
        >
          <img src={shown.url} alt={shown.alt} className="max-h-64 w-full object-contain" />
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => input.current?.click()}
            disabled={disabled}
          >
            <ImagePlus aria-hidden="true" />
            Replace image
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            ref={removeButton}
            onClick={() => {
              refocus.current = 'input';
              setError(null);
              if (value) remove();
              else onRemoveExisting?.();
            }}
            disabled={disabled}
          >
            <Trash2 aria-hidden="true" />
            Remove image
          </Button>
        </div>
        {fileInput(true)}
        {problem}
      </div>
    );
  }
  return (
    <div className="grid gap-1.5">
      <label
        htmlFor={inputId}
        {...dropTarget}
        className={cn(
          'grid cursor-pointer place-items-center gap-2 rounded-xl border-2 border-dashed border-input bg-background px-4 py-8 text-center transition-colors hover:border-primary hover:bg-primary-soft/40 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
          dragging && 'border-primary bg-primary-soft/60',
        )}
      >
        <ImagePlus className="size-8 text-primary" aria-hidden="true" />
        <span className="text-sm font-semibold">Add a photo</span>
        {/* Tap, click or drop: a phone has no pointer to click with, nor files to drop. */}
        <span className="text-xs text-muted-foreground">
          <span className="pointer-fine:hidden">Tap to take or choose one</span>
          <span className="pointer-coarse:hidden">Click to choose, or drop one</span> {ACCEPTED_IMAGE_NAMES}{' '}
          image, up to {IMAGE_MAX_MB} MB.
        </span>
        {fileInput(false)}
      </label>
      {problem}
    </div>
  );
}
