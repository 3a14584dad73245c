import { createContext, useContext, type ReactNode } from 'react';
import type { GeneratedVideo } from '../api/generated-videos-contract';

/**
 * What another part of the app adds to an answer (by its journey id) and to a generated video of the
 * editor (publishing: Publish, Published), given by the route that composes the screen.
 */
export type EditorExtras = {
  answer?: (journeyId: string, question: string) => ReactNode;
  video?: (video: GeneratedVideo) => ReactNode;
};

export const EditorExtrasContext = createContext<EditorExtras>({});

export const useEditorExtras = () => useContext(EditorExtrasContext);
