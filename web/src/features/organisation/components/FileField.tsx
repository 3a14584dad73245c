import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { Dialog } from '@/components/ui/Dialog';
import { FILE_RULES, useDeleteFile, useUploadFile, type FileKind, type FileScope } from '../api/organisation-api';

type Props = {
  scope: FileScope;
  kind: FileKind;
  label: string;
  /** Short-lived URL of the current file, if any. */
  url: string | null | undefined;
  hint: string;
  /** The delete confirmation (spec section 8). */
  confirmTitle: string;
  confirmText: string;
};

/** One file of the organisation or of the signed-in member: shows it, replaces it, deletes it. */
export function FileField({ scope, kind, label, url, hint, confirmTitle, confirmText }: Props) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadFile(scope);
  const remove = useDeleteFile(scope);
  const [confirming, setConfirming] = useState(false);
  const media = FILE_RULES[kind].accept.startsWith('image') ? 'image' : FILE_RULES[kind].accept.startsWith('video') ? 'video' : 'pdf';

  return (
    <div className="space-y-2" data-testid={`file-${kind}`}>
      <label htmlFor={inputId} className="block text-sm font-medium text-fg">
        {label}
      </label>
      {url ? (
        media === 'image' ? (
          <img src={url} alt={label} className="h-24 w-auto rounded-lg border border-line bg-white object-contain p-1" />
        ) : media === 'video' ? (
          <video src={url} controls preload="metadata" className="max-h-56 w-full rounded-lg border border-line bg-black" />
        ) : (
          <a href={url} target="_blank" rel="noreferrer" className="text-sm font-medium text-primary underline">
            Open the current file (PDF)
          </a>
        )
      ) : (
        <p className="text-sm text-muted">Nothing uploaded yet.</p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={FILE_RULES[kind].accept}
          className="block text-sm file:mr-3 file:rounded-lg file:border file:border-line file:bg-raised file:px-3 file:py-1.5 file:text-sm"
          disabled={upload.isPending}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) upload.mutate({ kind, file }, { onSettled: () => input.current && (input.current.value = '') });
          }}
        />
        {upload.isPending && <span className="text-sm text-muted">Uploading and checking…</span>}
        {url && (
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        )}
      </div>
      <p className="text-xs text-muted">{hint}</p>
      <Dialog
        open={confirming}
        title={confirmTitle}
        onClose={() => setConfirming(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <ConfirmButton
              variant="danger"
              loading={remove.isPending}
              onClick={() => remove.mutate(kind, { onSuccess: () => setConfirming(false) })}
            >
              Delete
            </ConfirmButton>
          </>
        }
      >
        <p>{confirmText}</p>
      </Dialog>
    </div>
  );
}
