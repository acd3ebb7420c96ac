/** The cell's words live in the domain: the server's exports write them the same way. */
export { columnText, valueAtPath } from '@/domain/columnText';
