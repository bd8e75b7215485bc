import { useState } from 'preact/hooks';

type Theme = 'light' | 'dark';
const STORAGE_KEY = 'agent-ledger-theme';

/** The theme the reader chose, else the system's (`prefers-color-scheme`). */
function currentTheme(): Theme {
  const chosen = document.documentElement.dataset['theme'];
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Applies the theme stored by the toggle, if any (at start, before the first paint of the app). */
export function applyStoredTheme(): void {
  const stored = window.localStorage.getItem(STORAGE_KEY);
  if (stored === 'light' || stored === 'dark') document.documentElement.dataset['theme'] = stored;
}

/** Light or dark: follows the system until the reader chooses, then keeps the choice. */
export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(currentTheme);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      class="theme-toggle"
      aria-pressed={theme === 'dark'}
      title={`Switch to the ${next} theme`}
      onClick={() => {
        document.documentElement.dataset['theme'] = next;
        window.localStorage.setItem(STORAGE_KEY, next);
        setTheme(next);
      }}
    >
      Dark theme
    </button>
  );
}
