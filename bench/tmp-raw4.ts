import { mix32, childHash, below, seedHash, SALT_BRANCH, SALT_ZERO, SALT_NOISE } from '../shared/util/hash.ts';
function main(){
const BMIN=4,BMAX=12,DMG=6,ERR=4; const M=12;
const H=new Int32Array(16*M), V=new Int32Array(16*M), E=new Float64Array(16*M);
let nodes=0;
function ab(h:number,v:number,ply:number,depth:number,a:number,beta:number):number{
  nodes++;
  if(depth===0) return v;
  const b=BMIN+below(mix32(h^SALT_BRANCH),BMAX-BMIN+1);
  const z=below(mix32(h^SALT_ZERO),b);
  const row=ply*M;
  for(let i=0;i<b;i++){const hc=childHash(h,i);const cv=i===z?-v:-v+below(hc,DMG+1);
    const e=below(mix32(hc^SALT_NOISE),2*ERR+1)-ERR; H[row+i]=hc;V[row+i]=cv;E[row+i]=-(cv+e);}
  let best=-1e9;
  for(let k=0;k<b;k++){
    let m=-1, mk=-Infinity; for(let i=0;i<b;i++){const x=E[row+i]; if(x>mk){mk=x;m=i;}} E[row+m]=-Infinity;
    const s=-ab(H[row+m],V[row+m],ply+1,depth-1,-beta,-a); if(s>best){best=s;if(s>a)a=s;if(a>=beta)break;}}
  return best;
}
for(let rep=0;rep<3;rep++){nodes=0;const t0=performance.now();
for(let t=0;t<300;t++){ab(seedHash(1,t),0,0,8,-1e9,1e9);}
const s=(performance.now()-t0)/1000;console.log('raw lazy ab nodes/tree',nodes/300,'M/s',(nodes/s/1e6).toFixed(2));}
}
main();
