import type { TooltipProps } from '@fluentui/react-components';
import { cloneElement, lazy, Suspense, useState, type ReactElement } from 'react';

// Fluent's tooltip brings its positioning engine (floating-ui): it is loaded the first time the
// pointer or the focus reaches the control, so screens that show a tooltip do not load it first.
const Tooltip = lazy(() => import('./fluent-tooltip').then((m) => ({ default: m.Tooltip })));

type ChildProps = { onPointerEnter?: () => void; onFocus?: () => void; 'aria-label'?: string };

/**
 * Fluent's `Tooltip` for a control of the always-visible shell, loaded on first hover or focus and
 * then shown at once. Until then, a `label` tooltip names the control with `aria-label`, as the
 * tooltip itself does.
 */
export function DeferredTooltip({
  content,
  relationship,
  children,
}: {
  content: string;
  relationship: TooltipProps['relationship'];
  children: ReactElement<ChildProps>;
}) {
  // null: the tooltip has not been wanted yet; then whether it is shown.
  const [visible, setVisible] = useState<boolean | null>(null);
  const plain = cloneElement(children, {
    ...(relationship === 'label' ? { 'aria-label': content } : {}),
    onPointerEnter: () => setVisible(true),
    onFocus: () => setVisible(true),
  });
  if (visible === null) return plain;
  return (
    <Suspense fallback={plain}>
      <Tooltip
        content={content}
        relationship={relationship}
        visible={visible}
        onVisibleChange={(_event, data) => setVisible(data.visible)}
      >
        {children}
      </Tooltip>
    </Suspense>
  );
}
