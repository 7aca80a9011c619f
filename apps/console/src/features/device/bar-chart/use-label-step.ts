import { useLayoutEffect, useState, type RefObject } from 'react';
import { labelStep } from './label-step';

/**
 * Every how many bars the `chart` (as wide as its bars) shows an axis label: measured from the
 * labels' own widths (their language and font) against the bars' width, again whenever the chart
 * is resized. The labels are the chart's elements marked `data-bar-label`, shown or not.
 */
export function useLabelStep(chart: RefObject<HTMLElement | null>, bars: number, labelsKey: string): number {
  const [step, setStep] = useState(1);
  useLayoutEffect(() => {
    const element = chart.current;
    if (!element || bars === 0) return;
    const measure = () => {
      const labels = [...element.querySelectorAll<HTMLElement>('[data-bar-label]')];
      const widest = Math.max(0, ...labels.map((label) => label.getBoundingClientRect().width));
      setStep(labelStep(element.getBoundingClientRect().width / bars, widest));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [chart, bars, labelsKey]);
  return step;
}
