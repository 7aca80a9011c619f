import { Button, mergeClasses, type ButtonProps } from '@fluentui/react-components';
import { useCancelButtonStyles } from './cancel-button.styles';

/** A Fluent Button in the spec's cancel red, for every cancel or destructive action. */
export function CancelButton({ className, ...props }: ButtonProps) {
  const styles = useCancelButtonStyles();
  return <Button {...props} className={mergeClasses(styles.root, className)} />;
}
