/** Benchmark worker thread: evaluates one task at a time (models load once per thread). */
import { evaluate } from './evaluate';

export default evaluate;
