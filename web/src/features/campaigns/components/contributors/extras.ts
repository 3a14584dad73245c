import { createContext, useContext, type ReactNode } from 'react';

/**
 * What another part of the app shows on a collaborator of the panel (publishing: their consent and
 * "Record a consent withdrawal"), given by the route that composes the campaign screen.
 */
export type CollaboratorExtra = (collaborator: { contributorId: string; name: string }) => ReactNode;

export const CollaboratorExtraContext = createContext<CollaboratorExtra | null>(null);

export const useCollaboratorExtra = () => useContext(CollaboratorExtraContext);
