import { mix32, childHash, below, seedHash, SALT_BRANCH, SALT_ZERO, SALT_NOISE } from '../shared/util/hash.ts';
const BMIN=4,BMAX=12,DMG=6,ERR=4; const M=12;
const H=new Int32Array(16*M), V=new Int32Array(16*M), E=new Int32Array(16*M);
let nodes=0;
function ab(h:number,v:number,ply:number,depth:number,a:number,beta:number):number{
  nodes++;
  if(depth===0) return v;
  const b=BMIN+below(mix32(h^SALT_BRANCH),BMAX-BMIN+1);
  const z=below(mix32(h^SALT_ZERO),b);
  const row=ply*M;
  for(let i=0;i<b;i++){const hc=childHash(h,i);const cv=i===z?-v:-v+below(hc,DMG+1);
    const e=below(mix32(hc^SALT_NOISE),2*ERR+1)-ERR; const est=-(cv+e);
    let j=i-1; while(j>=0&&E[row+j]<est){H[row+j+1]=H[row+j];V[row+j+1]=V[row+j];E[row+j+1]=E[row+j];j--;}
    H[row+j+1]=hc;V[row+j+1]=cv;E[row+j+1]=est;}
  let best=-1e9;
  for(let i=0;i<b;i++){const s=-ab(H[row+i],V[row+i],ply+1,depth-1,-beta,-a); if(s>best){best=s;if(s>a)a=s;if(a>=beta)break;}}
  return best;
}
for(let rep=0;rep<3;rep++){nodes=0;const t0=performance.now();
for(let t=0;t<300;t++){ab(seedHash(1,t),0,0,8,-1e9,1e9);}
const s=(performance.now()-t0)/1000;console.log('raw ab nodes/tree',nodes/300,'M/s',(nodes/s/1e6).toFixed(2));}
