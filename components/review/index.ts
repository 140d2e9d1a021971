export { StatusTag } from './status-tag';
export { ReviewDrawer, CheckResultView, type ReviewDetail } from './review-drawer';
