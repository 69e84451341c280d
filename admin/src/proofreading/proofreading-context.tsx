import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useDataProvider, useNotify, type Identifier } from 'react-admin';
import type { PhotoBox, PoemProofreading, ProofreadingLine } from '../../../contracts/catalog.js';
import type { ArchiveDataProvider } from '../providers/data-provider.js';
import type { DoubtMark } from './doubt-marks.js';

/** The line the caret is on, as its place on a page photo. */
export interface PhotoOutline {
  photo: number;
  box: PhotoBox;
}

interface Proofreading {
  /** The poem's lines as last saved, with their places and doubtful words (undefined while loading). */
  lines: ProofreadingLine[] | undefined;
  outline: PhotoOutline | null;
  setOutline(outline: PhotoOutline | null): void;
  /** A line clicked on the photo: the text puts its caret there. */
  pickLine(savedLine: number): void;
  /** The text says how it takes a line picked on the photo. */
  onPickLine(handler: ((savedLine: number) => void) | null): void;
  /** Clears a word's mark on the server; resolves false when it could not (the curator is told why). */
  looksRight(mark: DoubtMark): Promise<boolean>;
  busy: boolean;
}

const ProofreadingContext = createContext<Proofreading | null>(null);

/** The proofreading shared by a poem's page photo and its text (null outside a poem's editor). */
export function useProofreading(): Proofreading | null {
  return useContext(ProofreadingContext);
}

/**
 * What the scan read of one poem, shared by the page photo and the text beside it (Edit Poem and
 * the wizard's preview): the caret's line outlined on the photo, a line clicked on the photo
 * taken back to the text, and "Looks right" sent to the server. A poem typed in, or read by an
 * extractor that gives no places, has no boxes and no marks: both sides then stay as they were.
 */
export function ProofreadingProvider({ poemId, children }: { poemId: Identifier; children: ReactNode }) {
  const dp = useDataProvider<ArchiveDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = useMemo(() => ['poems', 'proofreading', String(poemId)], [poemId]);
  const { data } = useQuery({ queryKey: key, queryFn: () => dp.getProofreading(poemId), retry: false, staleTime: 0 });
  const [outline, setOutline] = useState<PhotoOutline | null>(null);
  const picker = useRef<((savedLine: number) => void) | null>(null);
  const mutation = useMutation({
    mutationFn: (mark: DoubtMark) =>
      dp.looksRight(poemId, { line: mark.savedLine, start: mark.column, end: mark.column + mark.word.length }),
    onSuccess: (answer: PoemProofreading) => queryClient.setQueryData(key, answer),
    onError: (error) =>
      notify('archive.proofreading.looks_right_failed', { type: 'error', messageArgs: { error: (error as Error).message } }),
  });
  const pickLine = useCallback((savedLine: number) => picker.current?.(savedLine), []);
  const onPickLine = useCallback((handler: ((savedLine: number) => void) | null) => {
    picker.current = handler;
  }, []);
  const { mutateAsync, isPending } = mutation;
  const looksRight = useCallback(
    (mark: DoubtMark) =>
      mutateAsync(mark).then(
        () => true,
        () => false,
      ),
    [mutateAsync],
  );
  const value = useMemo<Proofreading>(
    () => ({ lines: data?.lines, outline, setOutline, pickLine, onPickLine, looksRight, busy: isPending }),
    [data, outline, pickLine, onPickLine, looksRight, isPending],
  );
  return <ProofreadingContext.Provider value={value}>{children}</ProofreadingContext.Provider>;
}
