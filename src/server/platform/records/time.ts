/** The province's dates and times live in src/shared (the browser formats with the same code). */
export { formatDate, formatDateTime, isDateOnly, parseLocal } from '../../../shared/provinceTime.js';
