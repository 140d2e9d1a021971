import { useMemo } from 'react';
import { create } from 'zustand';
import { viewerFrom, type Viewer } from '@/lib/permissions';
import type { AuthMap } from '@/lib/routes';
import { buildMenu, type MenuEntry } from '@/lib/menu';

/** The signed-in user as the client knows them. @see SEED §3 (client-side user state) */
export interface UserInfo {
  id: number;
  username: string;
  name: string;
  avatar?: string;
  departmentId?: number | null;
  roleId?: number | null;
  isSuper?: boolean;
  level?: number;
  /** Names for display (workbench, data-scope line), loaded from /api/profile by the shell. */
  departmentName?: string | null;
  roleName?: string | null;
  /** Two-step sign-in is on (issue 26): the shell's reminder for a super-administrator without it. */
  totpEnabled?: boolean;
}

interface UserState {
  info: UserInfo | null;
  auth: AuthMap;
  /** The menu list built from `auth`. */
  router: MenuEntry[];
  /** Sidebar folded. */
  fold: boolean;
  setUser(info: UserInfo, auth: AuthMap): void;
  setInfo(info: Partial<UserInfo>): void;
  clearUser(): void;
  setFold(fold: boolean): void;
}

export const useUserStore = create<UserState>()((set) => ({
  info: null,
  auth: {},
  router: [],
  fold: false,
  setUser: (info, auth) => set({ info, auth, router: buildMenu(auth) }),
  setInfo: (patch) => set((s) => (s.info ? { info: { ...s.info, ...patch } } : s)),
  clearUser: () => set({ info: null, auth: {}, router: [] }),
  setFold: (fold) => set({ fold }),
}));

/** The viewer as the permission rules see them (lib/permissions.ts); null before sign-in. */
export function useViewer(): Viewer | null {
  const info = useUserStore((s) => s.info);
  const auth = useUserStore((s) => s.auth);
  return useMemo(() => (info ? viewerFrom(info, auth) : null), [info, auth]);
}
