// Async boundary: shared singletons (react, @taquilla/shared…) are negotiated before any of
// them is evaluated, so the shell and every remote end up with one copy each.
import './boot.css';

void import('./bootstrap');
