export { JOB_WAITING } from '../store/queue/statements';
