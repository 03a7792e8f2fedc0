'use client';
// "Upload a new version": the same three-step upload as new documents, finished by adding a
// version (which becomes primary).
import { FileUp } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress';
import { useIdentity } from '@/components/shell/team-context';
import { useTRPCClient } from '@/lib/trpc/react';
import { ACCEPT_ATTR } from '@/lib/upload/file-check';
import { uploadFile, UploadAbortedError, type UploadPhase } from '@/lib/upload/upload';

export function VersionUpload({ documentId, onDone }: { documentId: string; onDone: (versionNumber: number) => void }) {
  const client = useTRPCClient();
  const { maxUploadBytes } = useIdentity().limits;
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<{ name: string; progress: number; phase: UploadPhase | 'checking' } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function start(file: File) {
    setError(null);
    setState({ name: file.name, progress: 0, phase: 'checking' });
    try {
      const v = await uploadFile(client, file, (upload_id) => client.documents.versions.create.mutate({ id: documentId, upload_id }), {
        progress: (f) => setState((s) => s && { ...s, progress: f * 100 }),
        phase: (phase) => setState((s) => s && { ...s, phase }),
        maxBytes: maxUploadBytes,
      });
      onDone(v.version_number);
    } catch (e) {
      if (!(e instanceof UploadAbortedError)) setError(e instanceof Error ? e.message : 'The upload failed.');
    } finally {
      setState(null);
    }
  }

  return (
    <div>
      <Button variant="secondary" size="sm" onClick={() => input.current?.click()} loading={!!state}>
        {!state && <FileUp className="h-4 w-4" aria-hidden />}
        Upload new version
      </Button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT_ATTR}
        className="sr-only"
        tabIndex={-1}
        aria-label="Choose a file for the new version"
        data-testid="version-file-input"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void start(f);
        }}
      />
      {state && (
        <div className="mt-3">
          <p className="mb-1 flex justify-between gap-2 text-xs text-zinc-500">
            <span className="truncate">{state.name}</span>
            <span className="tabular-nums">{state.phase === 'processing' ? 'Processing…' : `${Math.round(state.progress)}%`}</span>
          </p>
          <ProgressBar value={state.progress} label={`Upload of ${state.name}`} />
        </div>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
