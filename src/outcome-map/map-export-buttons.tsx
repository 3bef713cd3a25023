import lab from 'virtual:lockstep/lab';
import { download } from '@/components/svg-file';
import { fillTemplate } from '@/content/fill-template';
import { pngOf, type standaloneSvg } from './map-export';
import styles from './outcome-map.module.css';

/** Download the map as drawn, as SVG or as PNG. */
export function ExportButtons({
  title,
  name,
  file,
}: {
  title: string;
  name: string;
  file: () => ReturnType<typeof standaloneSvg>;
}) {
  const label = (format: string) => fillTemplate(lab.map.downloadLabel, { format, title });
  return (
    <p className={styles.export}>
      <button
        type="button"
        aria-label={label('SVG')}
        onClick={() => download(new Blob([file().text], { type: 'image/svg+xml' }), `${name}.svg`)}
      >
        {lab.map.downloadSvg}
      </button>
      <button
        type="button"
        aria-label={label('PNG')}
        onClick={() => void pngOf(file()).then((png) => download(png, `${name}.png`))}
      >
        {lab.map.downloadPng}
      </button>
    </p>
  );
}
