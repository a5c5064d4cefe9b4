import { startApp } from './app/client';
import { startColorScheme } from './lib/color-scheme';
import './styles/globals.css';

startColorScheme();

const root = document.getElementById('root');
if (root) startApp(root);
