import { create } from 'zustand';
import type { CurrentUser } from '@/types/api';

/**
 * 'idle': nothing loaded yet; 'loading': the profile is being fetched at start;
 * 'ready': we know whether someone is signed in.
 */
export type SessionStatus = 'idle' | 'loading' | 'ready';

type SessionState = {
  user: CurrentUser | null;
  status: SessionStatus;
  setUser: (user: CurrentUser | null) => void;
  setStatus: (status: SessionStatus) => void;
  reset: () => void;
};

export const useSessionStore = create<SessionState>()((set) => ({
  user: null,
  status: 'idle',
  setUser: (user) => set({ user }),
  setStatus: (status) => set({ status }),
  reset: () => set({ user: null, status: 'ready' }),
}));
