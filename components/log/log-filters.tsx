/* ---- Shared by the two log screens (登录日志, 操作日志). The filter bar is the generic ResourceFilters. ---- */

export { formatTime, TIME_FORMAT } from './time';
