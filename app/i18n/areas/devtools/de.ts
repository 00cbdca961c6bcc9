import type { Widen } from '../../widen.ts';
import type { devtoolsHr } from './hr.ts';

export const devtoolsDe: Widen<typeof devtoolsHr> = {
  instagram: {
    title: 'Instagram',
    listLabel: 'Beiträge von Instagram',
    image: 'Instagram-Beitrag',
    video: 'Video',
    album: 'Album',
    opensInstagram: '(öffnet Instagram in einem neuen Tab)',
  },
  navTitle: 'Entwicklerwerkzeuge',
  changelog: 'Änderungsprotokoll',
  apiDocs: 'API-Dokumentation',
  sectionTool: 'Abschnittswerkzeug',
  pageTitle: 'Entwicklerwerkzeuge',
  intro: 'Nur außerhalb der Produktion sichtbar.',
  releases: {
    title: 'Projekt-Releases',
    open: 'Releases anzeigen',
    close: 'Schließen',
    latestTag: 'Neuester Tag: {{tag}}',
    empty: 'Das Änderungsprotokoll ist leer.',
    failed: 'Die Releases konnten nicht geladen werden: {{message}}',
  },
  domains: {
    loading: 'Domains werden geladen…',
    reload: 'Seite neu laden',
    title: 'Domain',
    intro: 'Welche Website diese Entwicklungsinstanz ausliefert.',
    current: 'Aktuelle Domain: {{url}}',
    selected: 'ausgewählt',
    choose: '{{name}} wählen',
    forcedWarning:
      'Die ausgewählte Domain ({{selected}}) weicht von der festgelegten Domain {{forced}} (DEV_FORCE_DOMAIN) ab; nach einem Neubau und Neustart gilt die festgelegte.',
    saved: 'Die Instanz liefert jetzt {{url}} aus.',
    empty: 'Die Website hat keine Domains.',
    failed: 'Die Domain konnte nicht geändert werden: sie gehört zu keiner Website.',
  },
  sectionToolPage: {
    title: 'Abschnittswerkzeug',
    intro: 'Jeder Abschnittstyp mit Beispielinhalt, zum Gestalten von Abschnitten.',
    typeHeading: 'Abschnitt: {{type}}',
    instagramNote:
      'Der Instagram-Abschnitt erscheint nur mit konfiguriertem Instagram-Zugang; hier sind Beispiele.',
  },
};
