import { render } from 'preact';
import { App } from './app';
import './styles.css';
import { applyStoredTheme } from './theme-toggle';

applyStoredTheme();

const root = document.getElementById('app');
if (root !== null) render(<App />, root);
