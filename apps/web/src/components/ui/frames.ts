/**
 * The kit's Headless UI parts that load on first use (dialogs, menus), as one file: the first dialog or menu opened
 * loads both, and the app's first chunk names one file for them instead of the pieces they share.
 */
export { ConfirmFrame, DialogFrame, DrawerFrame, ModalFrame } from './DialogFrame.tsx';
export { MenuFrame, PanelFrame } from './MenuFrame.tsx';
