// Arabic strings (right-to-left).
import type { Strings } from './en.ts';
export const ar: Partial<Strings> = {
  heading: 'الإبلاغ عن مشكلة', close: 'إغلاق', type: 'نوع البلاغ', type_bug: 'خلل', type_suggestion: 'اقتراح', type_ticket: 'طلب دعم',
  title: 'العنوان (اختياري)', description: 'ماذا حدث؟', description_suggestion: 'صِف فكرتك', description_ticket: 'كيف يمكننا المساعدة؟',
  counter: '{n} / {min} حرفًا على الأقل', counter_free: '{n} حرفًا', too_short: 'يُرجى كتابة {min} حرفًا على الأقل (كتبت {n} حتى الآن).',
  steps: 'خطوات إعادة المشكلة (خطوة في كل سطر)', fields: 'تفاصيل', attachments: 'مرفقات البلاغ', att_screenshot: 'لقطة الشاشة',
  att_logs: 'سجل وحدة التحكم ({n} سطرًا)', att_device: 'معلومات الجهاز', att_trace: 'أحداث اللعبة ({n})', att_replay: 'فيديو آخر {n} ثانية',
  annotate: 'إضافة تعليقات', annotated: 'مع تعليقات', choose_image: 'اختر صورة بدلًا منها', blank_shot: 'لقطة الشاشة فارغة. يمكنك اختيار ملف صورة بدلًا منها.',
  shot_loading: 'جارٍ تجهيز لقطة الشاشة…', shot_alt: 'لقطة شاشة من اللعبة', show: 'عرض', email: 'البريد الإلكتروني للمتابعة (اختياري)',
  email_ticket: 'البريد الإلكتروني (مطلوب لطلب الدعم)', email_invalid: 'يُرجى إدخال عنوان بريد إلكتروني صالح.', required: 'مطلوب',
  choose: 'اختر…', send: 'إرسال البلاغ', cancel: 'إلغاء', sending: 'جارٍ الإرسال… {n}٪', sent: 'تم الإرسال. شكرًا لك!',
  queued_offline: 'حُفظ على هذا الجهاز، وسيُرسل عند عودتك إلى الاتصال.', queued_retry: 'حُفظ على هذا الجهاز، وسيُرسل عندما يستجيب الخادم.',
  queued_slow: 'حُفظ على هذا الجهاز، وما زال الإرسال جاريًا في الخلفية.', rejected: 'لم يقبل الخادم البلاغ: {reason}',
  failed: 'تعذّر حفظ البلاغ: {reason}', dropped: 'اختارت اللعبة عدم إرسال هذا البلاغ.', edit_retry: 'تعديل وإعادة الإرسال',
  editor: 'إضافة تعليقات على لقطة الشاشة', tool_pen: 'قلم', tool_arrow: 'سهم', tool_box: 'مربع', tool_redact: 'إخفاء', undo: 'تراجع',
  clear: 'مسح الكل', done: 'تم', drawing: 'منطقة الرسم: اسحب للرسم بالأداة المختارة',
};
