import { forwardRef, type ButtonHTMLAttributes } from 'react';
import type { LinkProps } from 'react-router';
import { LocaleLink } from '@/shared/i18n';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'small' | 'medium' | 'large';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function buttonClassName({ variant = 'primary', size = 'medium' }: StyleProps, extra?: string): string {
  return [styles.button, styles[variant], size !== 'medium' ? styles[size] : '', extra ?? ''].filter(Boolean).join(' ');
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & StyleProps;

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, className, type = 'button', ...rest },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClassName({ variant, size }, className)} {...rest} />;
});

export type ButtonLinkProps = LinkProps & StyleProps;

/** A locale-aware link that looks like a button (for calls to action). */
export const ButtonLink = forwardRef<HTMLAnchorElement, ButtonLinkProps>(function ButtonLink(
  { variant, size, className, ...rest },
  ref,
) {
  return <LocaleLink ref={ref} className={buttonClassName({ variant, size }, className)} {...rest} />;
});
