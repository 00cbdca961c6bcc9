import { uiLanguages } from '../../core/languages.ts';
import { catalogs } from './catalog.ts';
import { registerCatalog } from './i18n.ts';

// The server renders every language: each one's i18next instance is created once, when this module
// loads (entry.server and component tests import it). A `.server` module never reaches the browser.
for (const language of uiLanguages) registerCatalog(language, catalogs[language]);
