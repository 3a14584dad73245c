import { useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { cn } from '@/utils/cn';
import { canTrim, clipSeconds, setEdge, trim, type ClipSource, type Edge, type EditorClip } from '../../lib/editor/story';
import { formatSeconds } from '../../lib/editor/words';
import { WordButtons } from './WordButtons';

/** Words shown around a clip, to lengthen it by a click. */
export const CONTEXT_WORDS = 8;

type Props = {
  clips: EditorClip[];
  sourceOf: (clip: EditorClip) => ClipSource | undefined;
  /** The clip the preview is playing (-1: none). */
  playing: number;
  onChange: (index: number, clip: EditorClip) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
};

type ClipProps = {
  clip: EditorClip;
  index: number;
  count: number;
  source: ClipSource | undefined;
  playing: boolean;
  dragging: boolean;
  dropTarget: boolean;
  onChange: (clip: EditorClip) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  onDragStart: (event: DragEvent) => void;
  onDragEnd: () => void;
  onDragOver: (event: DragEvent) => void;
  onDrop: (event: DragEvent) => void;
};

function ClipItem({ clip, index, count, source, playing, dragging, dropTarget, onChange, onMove, onRemove, ...drag }: ClipProps) {
  const n = index + 1;
  const trimmable = canTrim(clip, source);
  const words = trimmable ? source.words : [];
  const from = Math.max(0, clip.firstWord - CONTEXT_WORDS);
  const to = Math.min(words.length - 1, clip.lastWord + CONTEXT_WORDS);
  const indexes = trimmable ? Array.from({ length: to - from + 1 }, (_, i) => from + i) : [];
  const middle = (clip.firstWord + clip.lastWord) / 2;
  const edgeAt = (i: number): Edge => (i < clip.firstWord || (i <= clip.lastWord && i <= middle) ? 'start' : 'end');
  const move = (edge: Edge, delta: number) => trimmable && onChange(trim(clip, source, edge, delta));
  return (
    <li
      data-testid="story-clip"
      data-clip-id={clip.id}
      aria-current={playing ? 'true' : undefined}
      onDragOver={drag.onDragOver}
      onDrop={drag.onDrop}
      className={cn(
        'space-y-2 rounded-lg border bg-raised p-3',
        playing ? 'border-primary ring-2 ring-primary' : 'border-line',
        dragging && 'opacity-50',
        dropTarget && 'border-dashed border-primary',
      )}
    >
      <div className="flex flex-wrap items-start gap-2">
        <span
          draggable
          onDragStart={drag.onDragStart}
          onDragEnd={drag.onDragEnd}
          data-testid="clip-handle"
          title="Drag to reorder"
          aria-hidden="true"
          className="cursor-grab select-none rounded border border-line px-1.5 py-0.5 text-sm text-muted"
        >
          ⠿ {n}
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold">
            <span className="sr-only">Clip {n}: </span>
            {clip.speaker || 'Collaborator'}
          </h3>
          <p className="text-sm text-muted">{source?.question ?? ''}</p>
        </div>
        <span className="text-sm tabular-nums" data-testid="clip-seconds">
          {formatSeconds(clipSeconds(clip))}
        </span>
      </div>
      {clip.warning && (
        <p className="rounded bg-warning/30 px-2 py-1 text-xs font-medium" data-testid="clip-warning">
          ⚠ {clip.warning}
        </p>
      )}
      {trimmable ? (
        <WordButtons
          label={`Words of clip ${n}`}
          testId="clip-words"
          words={words}
          indexes={indexes}
          look={(i) => [i >= clip.firstWord && i <= clip.lastWord ? 'clip' : 'context']}
          hint={(i) => (edgeAt(i) === 'start' ? 'Start the clip at this word' : 'End the clip at this word')}
          onWord={(i) => onChange(setEdge(clip, source, edgeAt(i), i))}
        />
      ) : (
        <p className="text-sm" data-testid="clip-text">
          “{clip.text}”
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        Clip {n}: “{clip.text}”
      </p>
      <div className="flex flex-wrap gap-1">
        <Button size="sm" variant="secondary" disabled={!trimmable || clip.firstWord === 0} onClick={() => move('start', -1)} aria-label={`Clip ${n}: start one word earlier`}>
          ← Start
        </Button>
        <Button size="sm" variant="secondary" disabled={!trimmable || clip.firstWord === clip.lastWord} onClick={() => move('start', 1)} aria-label={`Clip ${n}: start one word later`}>
          Start →
        </Button>
        <Button size="sm" variant="secondary" disabled={!trimmable || clip.firstWord === clip.lastWord} onClick={() => move('end', -1)} aria-label={`Clip ${n}: end one word earlier`}>
          ← End
        </Button>
        <Button size="sm" variant="secondary" disabled={!trimmable || clip.lastWord >= words.length - 1} onClick={() => move('end', 1)} aria-label={`Clip ${n}: end one word later`}>
          End →
        </Button>
        <span className="mx-1 hidden w-px bg-line sm:block" />
        <Button size="sm" variant="ghost" disabled={index === 0} onClick={() => onMove(index - 1)} aria-label={`Move clip ${n} up`}>
          ↑ Up
        </Button>
        <Button size="sm" variant="ghost" disabled={index === count - 1} onClick={() => onMove(index + 1)} aria-label={`Move clip ${n} down`}>
          ↓ Down
        </Button>
        <Button size="sm" variant="danger-outline" onClick={onRemove} aria-label={`Remove clip ${n}`}>
          Remove
        </Button>
      </div>
    </li>
  );
}

/** The story's clips in order: drag (or move up and down) to reorder, trim by words, remove. */
export function ClipList({ clips, sourceOf, playing, onChange, onMove, onRemove }: Props) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  if (clips.length === 0) {
    return <p className="rounded-lg border border-dashed border-line p-4 text-sm text-muted">No clips yet: choose words in the library and add them.</p>;
  }
  return (
    <ol aria-label="Clips of the story" className="space-y-3">
      {clips.map((clip, index) => (
        <ClipItem
          key={clip.id}
          clip={clip}
          index={index}
          count={clips.length}
          source={sourceOf(clip)}
          playing={index === playing}
          dragging={dragged === index}
          dropTarget={over === index && dragged !== null && dragged !== index}
          onChange={(c) => onChange(index, c)}
          onMove={(to) => onMove(index, to)}
          onRemove={() => onRemove(index)}
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', String(index));
            setDragged(index);
          }}
          onDragEnd={() => {
            setDragged(null);
            setOver(null);
          }}
          onDragOver={(event) => {
            if (dragged === null) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
            setOver(index);
          }}
          onDrop={(event) => {
            event.preventDefault();
            const from = dragged ?? Number(event.dataTransfer.getData('text/plain'));
            setDragged(null);
            setOver(null);
            if (Number.isInteger(from)) onMove(from, index);
          }}
        />
      ))}
    </ol>
  );
}
