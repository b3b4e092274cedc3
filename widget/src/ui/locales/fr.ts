// French strings.
import type { Strings } from './en.ts';
export const fr: Partial<Strings> = {
  heading: 'Signaler un problème', close: 'Fermer', type: 'Type de signalement', type_bug: 'Bogue', type_suggestion: 'Suggestion',
  type_ticket: 'Demande d’assistance', title: 'Titre (facultatif)', description: 'Que s’est-il passé ?', description_suggestion: 'Décrivez votre idée',
  description_ticket: 'Comment pouvons-nous aider ?', counter: '{n} / {min} caractères minimum', counter_free: '{n} caractères',
  too_short: 'Écrivez au moins {min} caractères ({n} pour l’instant).', steps: 'Étapes pour reproduire (une par ligne)', fields: 'Détails',
  attachments: 'Joint au signalement', att_screenshot: 'Capture d’écran', att_logs: 'Journal de la console ({n} lignes)', att_device: 'Informations sur l’appareil',
  att_trace: 'Événements du jeu ({n})', att_replay: 'Vidéo des {n} dernières secondes', annotate: 'Annoter', annotated: 'Annotée',
  choose_image: 'Choisir une image à la place', blank_shot: 'La capture est vide. Vous pouvez choisir un fichier image à la place.',
  shot_loading: 'Préparation de la capture…', shot_alt: 'Capture d’écran du jeu', show: 'Afficher', email: 'E-mail pour le suivi (facultatif)',
  email_ticket: 'E-mail (nécessaire pour une demande d’assistance)', email_invalid: 'Saisissez une adresse e-mail valide.', required: 'obligatoire',
  choose: 'Choisir…', send: 'Envoyer', cancel: 'Annuler', sending: 'Envoi… {n} %', sent: 'Envoyé. Merci !',
  queued_offline: 'Enregistré sur cet appareil, il sera envoyé dès votre retour en ligne.',
  queued_retry: 'Enregistré sur cet appareil, il sera envoyé quand le serveur répondra.',
  queued_slow: 'Enregistré sur cet appareil ; l’envoi continue en arrière-plan.', rejected: 'Le serveur a refusé le signalement : {reason}',
  failed: 'Le signalement n’a pas pu être enregistré : {reason}', dropped: 'Le jeu a choisi de ne pas envoyer ce signalement.',
  edit_retry: 'Modifier et renvoyer', editor: 'Annoter la capture', tool_pen: 'Crayon', tool_arrow: 'Flèche', tool_box: 'Cadre',
  tool_redact: 'Masquer', undo: 'Annuler le trait', clear: 'Effacer', done: 'Terminé', drawing: 'Zone de dessin : faites glisser pour dessiner',
};
