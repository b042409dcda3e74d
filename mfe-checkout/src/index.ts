// Standalone entry. The async boundary lets federation negotiate the shared singletons
// (react, react-router-dom, jotai, @taquilla/shared) before any of them is evaluated.
import('./bootstrap');
