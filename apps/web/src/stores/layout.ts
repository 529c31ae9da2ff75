import { create } from 'zustand';
import { STORAGE_KEYS } from '../config';

function readNavVisible(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.navVisible) !== 'false'; // visible by default
  } catch {
    return true;
  }
}

interface LayoutState {
  navVisible: boolean;
  setNavVisible(visible: boolean): void;
  settingsOpen: boolean;
  setSettingsOpen(open: boolean): void;
}

/** Small client state of the user site's frame; the nav choice is remembered in localStorage. */
export const useLayoutStore = create<LayoutState>((set) => ({
  navVisible: readNavVisible(),
  setNavVisible: (navVisible) => {
    try {
      localStorage.setItem(STORAGE_KEYS.navVisible, String(navVisible));
    } catch {
      // private mode: the choice lasts for this page only
    }
    set({ navVisible });
  },
  settingsOpen: false,
  setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
}));
