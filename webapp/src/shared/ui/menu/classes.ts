import styles from './ActionMenu.module.css';

/** The class of a destructive action in an ActionMenu (Delete). */
export const actionMenuDangerClassName = styles.danger;
