// Choosing a passage by tapping book, chapter and verses. It carries the Bible kernel, so import it
// from lazy feature routes only, and load the passagePicker namespace with them.
export { PassagePicker, type PassagePickerProps } from './PassagePicker';
