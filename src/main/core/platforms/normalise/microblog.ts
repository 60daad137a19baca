// The microblog normaliser moved to platforms/microblog/; this path stays for the import planner.
export { parseAtUri } from '../microblog/normalise';
