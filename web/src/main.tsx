import { startApp } from './app/client';
import { followSystemColorScheme } from './lib/color-scheme';
import './styles/globals.css';

followSystemColorScheme();

const root = document.getElementById('root');
if (root) void startApp(root);
