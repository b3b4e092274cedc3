// German strings.
import type { Strings } from './en.ts';
export const de: Partial<Strings> = {
  heading: 'Problem melden', close: 'Schließen', type: 'Art der Meldung', type_bug: 'Fehler', type_suggestion: 'Vorschlag',
  type_ticket: 'Support-Anfrage', title: 'Titel (optional)', description: 'Was ist passiert?', description_suggestion: 'Beschreibe deine Idee',
  description_ticket: 'Wie können wir helfen?', counter: '{n} / mindestens {min} Zeichen', counter_free: '{n} Zeichen',
  too_short: 'Bitte schreibe mindestens {min} Zeichen (bisher {n}).', steps: 'Schritte zum Nachstellen (einer pro Zeile)', fields: 'Details',
  attachments: 'An die Meldung angehängt', att_screenshot: 'Bildschirmfoto', att_logs: 'Konsolenprotokoll ({n} Zeilen)', att_device: 'Geräteinfos',
  att_trace: 'Spielereignisse ({n})', att_replay: 'Video der letzten {n} Sekunden', annotate: 'Markieren', annotated: 'Markiert',
  choose_image: 'Stattdessen ein Bild wählen', blank_shot: 'Das Bildschirmfoto ist leer. Du kannst stattdessen eine Bilddatei wählen.',
  shot_loading: 'Bildschirmfoto wird vorbereitet…', shot_alt: 'Bildschirmfoto des Spiels', show: 'Anzeigen', email: 'E-Mail für Rückfragen (optional)',
  email_ticket: 'E-Mail (für eine Support-Anfrage nötig)', email_invalid: 'Bitte gib eine gültige E-Mail-Adresse ein.', required: 'Pflichtfeld',
  choose: 'Auswählen…', send: 'Meldung senden', cancel: 'Abbrechen', sending: 'Wird gesendet… {n} %', sent: 'Gesendet. Danke!',
  queued_offline: 'Auf diesem Gerät gespeichert, wird gesendet, sobald du wieder online bist.',
  queued_retry: 'Auf diesem Gerät gespeichert, wird gesendet, sobald der Server wieder antwortet.',
  queued_slow: 'Auf diesem Gerät gespeichert; wird im Hintergrund weiter gesendet.', rejected: 'Der Server hat die Meldung abgelehnt: {reason}',
  failed: 'Die Meldung konnte nicht gespeichert werden: {reason}', dropped: 'Das Spiel hat entschieden, diese Meldung nicht zu senden.',
  edit_retry: 'Bearbeiten und erneut senden', editor: 'Bildschirmfoto markieren', tool_pen: 'Stift', tool_arrow: 'Pfeil', tool_box: 'Rahmen',
  tool_redact: 'Schwärzen', undo: 'Rückgängig', clear: 'Leeren', done: 'Fertig', drawing: 'Zeichenfläche: ziehen, um mit dem Werkzeug zu zeichnen',
};
