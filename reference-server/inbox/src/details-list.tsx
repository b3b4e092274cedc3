// Custom field values and device information as description lists (text only), with readable labels.
import type { Issue } from './types.ts';

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object') {
    const v = value as { client_map_id?: unknown; x?: unknown; y?: unknown };
    if ('x' in v && 'y' in v) return `map ${String(v.client_map_id ?? '?')} at (${String(v.x)}, ${String(v.y)})`;
    return JSON.stringify(value);
  }
  return String(value);
}

export function CustomFields(props: { fields: Array<{ id: number; ident: string; name: string; value: unknown }> }) {
  return (
    <section aria-labelledby="custom-heading">
      <h3 id="custom-heading">Custom fields</h3>
      {props.fields.length ? (
        <dl class="facts">
          {props.fields.map((f) => [
            <dt key={`t${f.id}`}>{f.name}</dt>,
            <dd key={`d${f.id}`}>{valueText(f.value)}</dd>,
          ])}
        </dl>
      ) : (
        <p class="muted">None.</p>
      )}
    </section>
  );
}

const DEVICE_LABEL: Record<string, string> = {
  os: 'OS',
  cpu: 'CPU',
  gpu: 'GPU',
  ram: 'RAM',
  browser: 'Browser',
  viewport: 'Viewport',
  screen: 'Screen',
  page: 'Page',
  raw: 'As sent',
};
const deviceLabel = (key: string) => DEVICE_LABEL[key] ?? key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, ' ');

export function DeviceInfo(props: { device: Issue['device'] }) {
  const { device } = props;
  return (
    <section aria-labelledby="device-heading">
      <h3 id="device-heading">Device</h3>
      {device ? (
        <dl class="facts">
          <dt>Device type</dt>
          <dd>{device.device_type.charAt(0).toUpperCase() + device.device_type.slice(1)}</dd>
          {Object.entries(device.configuration ?? {}).map(([key, value]) => [
            <dt key={`t${key}`}>{deviceLabel(key)}</dt>,
            <dd key={`d${key}`}>{valueText(value)}</dd>,
          ])}
        </dl>
      ) : (
        <p class="muted">No device information.</p>
      )}
    </section>
  );
}
