// Japanese strings.
import type { Strings } from './en.ts';
export const ja: Partial<Strings> = {
  heading: '問題を報告', close: '閉じる', type: '報告の種類', type_bug: 'バグ', type_suggestion: '提案', type_ticket: 'サポート依頼',
  title: 'タイトル（任意）', description: '何が起きましたか？', description_suggestion: 'アイデアを説明してください', description_ticket: 'どのようなご用件ですか？',
  counter: '{n} / 最低 {min} 文字', counter_free: '{n} 文字', too_short: '{min} 文字以上入力してください（現在 {n} 文字）。',
  steps: '再現手順（1 行に 1 つ）', fields: '詳細', attachments: '報告に添付', att_screenshot: 'スクリーンショット', att_logs: 'コンソールログ（{n} 行）',
  att_device: 'デバイス情報', att_trace: 'ゲームイベント（{n}）', att_replay: '直近 {n} 秒の動画', annotate: '注釈を付ける', annotated: '注釈あり',
  choose_image: '代わりに画像を選ぶ', blank_shot: 'スクリーンショットが空白でした。代わりに画像ファイルを選べます。', shot_loading: 'スクリーンショットを準備中…',
  shot_alt: 'ゲームのスクリーンショット', show: '表示', email: '連絡用メール（任意）', email_ticket: 'メール（サポート依頼には必須）',
  email_invalid: '有効なメールアドレスを入力してください。', required: '必須', choose: '選択…', send: '報告を送信', cancel: 'キャンセル',
  sending: '送信中… {n}%', sent: '送信しました。ありがとうございます！', queued_offline: 'この端末に保存しました。オンラインに戻ると送信されます。',
  queued_retry: 'この端末に保存しました。サーバーが応答すると送信されます。', queued_slow: 'この端末に保存しました。バックグラウンドで送信を続けています。',
  rejected: 'サーバーが報告を受け付けませんでした：{reason}', failed: '報告を保存できませんでした：{reason}', dropped: 'ゲームがこの報告を送信しないことにしました。',
  edit_retry: '編集して再送信', editor: 'スクリーンショットに注釈', tool_pen: 'ペン', tool_arrow: '矢印', tool_box: '枠', tool_redact: '黒塗り',
  undo: '元に戻す', clear: 'すべて消す', done: '完了', drawing: '描画エリア：ドラッグして描きます',
};
