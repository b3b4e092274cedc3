// One tester-settable custom field of the project as a labelled control: text, boolean,
// single select or multi select (docs/api-choices.md#operation-paths definitions;
// docs/api/issues.md#custom-field-rules).
/** @jsxRuntime classic */
/** @jsx h */
// biome-ignore lint/correctness/noUnusedImports: the file's JSX pragma compiles to h().
import { h } from 'preact';
import type { FieldDef } from './project-info.ts';
import type { Translate } from './i18n.ts';

export interface FieldProps {
  def: FieldDef;
  value: unknown;
  onChange(v: unknown): void;
  t: Translate;
}

export function CustomFieldInput({ def, value, onChange, t }: FieldProps) {
  const id = `gb-cf-${def.ident}`;
  const label = `${def.name}${def.required ? ` (${t('required')})` : ''}`;
  if (def.field_type === 'boolean') {
    return (
      <label class="gb-choice" for={id}>
        <input
          id={id}
          type="checkbox"
          checked={value === true}
          onChange={(e) => onChange((e.target as HTMLInputElement).checked)}
        />
        {label}
      </label>
    );
  }
  if (def.field_type === 'single_select') {
    return (
      <div>
        <label for={id}>{label}</label>
        <select
          id={id}
          required={def.required}
          value={String(value ?? '')}
          onChange={(e) => onChange((e.target as HTMLSelectElement).value || undefined)}
        >
          <option value="">{t('choose')}</option>
          {def.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </div>
    );
  }
  if (def.field_type === 'multi_select') {
    const chosen = Array.isArray(value) ? (value as string[]) : [];
    return (
      <fieldset>
        <legend>{label}</legend>
        {def.options.map((o, i) => (
          <label class="gb-choice" key={o} for={`${id}-${i}`}>
            <input
              id={`${id}-${i}`}
              type="checkbox"
              checked={chosen.includes(o)}
              onChange={(e) =>
                onChange((e.target as HTMLInputElement).checked ? [...chosen, o] : chosen.filter((c) => c !== o))
              }
            />
            {o}
          </label>
        ))}
      </fieldset>
    );
  }
  return (
    <div>
      <label for={id}>{label}</label>
      <input
        id={id}
        type="text"
        required={def.required}
        maxLength={4096}
        value={String(value ?? '')}
        onInput={(e) => onChange((e.target as HTMLInputElement).value)}
      />
    </div>
  );
}
