import type { YearPreviewAnswer } from '@farola/protocol';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { resolveToken } from '@/lib/theme/resolve-token';
import { themeModeAtom } from '@/lib/theme/theme-preference';

const CELL_WIDTH = 2;
const CELL_HEIGHT = 8;
const LABEL_WIDTH = 28;
const AXIS_HEIGHT = 18;
const FLAG_ROW = 6;

const useStyles = makeStyles({
  figure: { margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, overflowX: 'auto' },
  caption: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
});

/** A colour between two `#rrggbb` (or `rgb(…)`) colours. */
function mix(from: string, to: string, share: number): string {
  const parse = (colour: string) =>
    colour.startsWith('#')
      ? [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16))
      : (colour.match(/\d+/g) ?? ['0', '0', '0']).slice(0, 3).map(Number);
  const [a, b] = [parse(from), parse(to)];
  return `rgb(${a.map((value, i) => Math.round(value + ((b[i] ?? value) - value) * share)).join(',')})`;
}

/**
 * The year as a heatmap: a column per day, a row per local hour (midnight at the top), the light's
 * level as the colour's strength; a thin row under it marks the flagged days. Drawn on one canvas
 * (8,760 cells), with its text alternative below.
 */
export function YearHeatmap({
  preview,
  language,
  label,
  summary,
}: {
  preview: YearPreviewAnswer;
  language: string;
  label: string;
  summary: string;
}) {
  const styles = useStyles();
  const canvas = useRef<HTMLCanvasElement>(null);
  const theme = useAtomValue(themeModeAtom);
  const width = LABEL_WIDTH + preview.days.length * CELL_WIDTH;
  const height = 24 * CELL_HEIGHT + FLAG_ROW + AXIS_HEIGHT;

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const colour = (token: string) => resolveToken(element, token);
    const [off, on, text, warning] = [
      colour(tokens.colorNeutralBackground3),
      colour(tokens.colorBrandBackground),
      colour(tokens.colorNeutralForeground2),
      colour(tokens.colorPaletteRedBackground3),
    ];
    context.clearRect(0, 0, width, height);
    preview.days.forEach((day, column) => {
      const x = LABEL_WIDTH + column * CELL_WIDTH;
      day.hours.forEach((level, hour) => {
        context.fillStyle = mix(off, on, level / 100);
        context.fillRect(x, hour * CELL_HEIGHT, CELL_WIDTH, CELL_HEIGHT);
      });
      if (day.flags.length > 0) {
        context.fillStyle = warning;
        context.fillRect(x, 24 * CELL_HEIGHT + 2, CELL_WIDTH, FLAG_ROW - 2);
      }
    });
    context.fillStyle = text;
    context.font = `10px ${colour(tokens.fontFamilyBase)}`;
    for (const hour of [0, 6, 12, 18]) context.fillText(`${String(hour).padStart(2, '0')}h`, 0, hour * CELL_HEIGHT + 9);
    const month = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' });
    preview.days.forEach((day, column) => {
      if (!day.date.endsWith('-01')) return;
      context.fillText(month.format(new Date(`${day.date}T00:00:00Z`)), LABEL_WIDTH + column * CELL_WIDTH, height - 4);
    });
  }, [preview, language, theme, width, height]);

  return (
    <figure className={styles.figure}>
      <canvas ref={canvas} width={width} height={height} role="img" aria-label={label} data-testid="year-heatmap" />
      <figcaption className={styles.caption} data-testid="year-preview-summary">
        {summary}
      </figcaption>
    </figure>
  );
}
