import { create } from 'zustand';

type ContributorState = {
  /** Set when a contributor call answered 403: the page shows why the link stopped working. */
  denied: string | null;
  deny: (message: string) => void;
  reset: () => void;
};

export const useContributorStore = create<ContributorState>()((set) => ({
  denied: null,
  deny: (message) => set({ denied: message }),
  reset: () => set({ denied: null }),
}));
